// What assistive technologies hear of a list's selection and focus (<doc:ScrollBehaviour> §19).

extension ListContainer {
    /// The selected set changed.
    func accessibilitySelectionDidChange() {}

    /// The focused row changed.
    func focusedRowDidChange() {}
}
