// A Qt Quick grid comparable to Benchmarks/gtk-grid/gtk-grid.c and the gallery's Photos demo, for
// scripts/bench-gtk: items 120 px tall with 4 px between them and 8 px around the grid, as many columns of at least
// 120 px as fit and the cells widened to fill the row (GridView's cells have a fixed size: the width is worked
// out from the window's as GridContainer does), each a rounded colour swatch inset by 3 px on white, in a GridView
// whose model is a number: delegates are made only for the items near view and nothing is stored per item. The
// item count is the last argument (qml qt-grid.qml -- ITEMS; default 10,000,000). Prints "qt-grid: first frame"
// to stderr after the first frame was swapped, and "qt-grid: offset 0 Y" (the grid's offset in px) when the window
// is closed.
// Run: QT_QPA_PLATFORM=wayland QT_QUICK_BACKEND=software /usr/lib/qt6/bin/qml qt-grid.qml -- ITEMS
import QtQuick

Window {
    id: window
    width: 800
    height: 600
    visible: true
    color: "white"
    title: "qt-grid"

    readonly property var palette: ["#FF6B6B", "#FFA94D", "#FFD43B", "#69DB7C", "#38D9A9",
                                    "#4DABF7", "#748FFC", "#9775FA", "#DA77F2", "#F783AC"]
    property bool reported: false

    GridView {
        id: grid
        anchors.fill: parent
        anchors.leftMargin: 8
        // Each cell holds an item and the 4 px after it: the last column's spacing lies in the 8 px inset.
        anchors.rightMargin: 4
        topMargin: 8
        bottomMargin: 8
        // columns = floor((width + spacing) / (120 + spacing)); whole pixels, so that GridView fits as many.
        readonly property int columns: Math.max(1, Math.floor(width / 124))
        cellWidth: Math.floor(width / columns)
        cellHeight: 124
        model: {
            const args = Qt.application.arguments
            const items = args.length > 0 ? parseInt(args[args.length - 1]) : 0
            return items > 0 ? items : 10000000
        }
        // Qt's default cache (320 px beyond each edge) and its default flick behaviour.
        delegate: Item {
            required property int index
            width: grid.cellWidth
            height: grid.cellHeight
            Rectangle {
                x: 3
                y: 3
                width: parent.width - 4 - 6
                height: 120 - 6
                radius: 6
                color: window.palette[index % 10]
            }
        }
    }

    onFrameSwapped: {
        if (!reported) {
            reported = true
            console.warn("qt-grid: first frame")
        }
    }
    onClosing: console.warn("qt-grid: offset 0 " + grid.contentY)
}
