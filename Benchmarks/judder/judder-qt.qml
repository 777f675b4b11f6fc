// Qt Quick's list for the judder benchmark (scripts/bench-judder): a ListView of 2,000 rows 44 px tall in a
// 400 x 1200 window, Qt's default flick behaviour. Each row is filled with its RowPattern colour
// (Benchmarks/Sources/JudderPattern/RowPattern.swift: red the index's high byte, green its low byte, blue 0x5A) and
// shows "Row N" in its right half, so the benchmark reads the list's offset from the committed frames.
// Prints "judder-qt: first frame" to stderr after the first frame was swapped.
// Run: QT_QPA_PLATFORM=wayland QT_QUICK_BACKEND=software /usr/lib/qt6/bin/qml judder-qt.qml
import QtQuick

Window {
    id: window
    width: 400
    height: 1200
    visible: true
    color: "white"
    title: "judder-qt"
    property bool reported: false

    ListView {
        anchors.fill: parent
        model: 2000
        delegate: Rectangle {
            required property int index
            width: ListView.view.width
            height: 44
            color: Qt.rgba(((index >> 8) & 255) / 255, (index & 255) / 255, 0x5A / 255, 1)
            Text {
                x: parent.width / 2
                y: 12
                font.pixelSize: 15
                color: "white"
                text: "Row " + (index + 1)
            }
        }
    }

    onFrameSwapped: {
        if (!reported) {
            reported = true
            console.warn("judder-qt: first frame")
        }
    }
}
