// A Qt Quick list comparable to Benchmarks/gtk-list/gtk-list.c, for scripts/bench-gtk: rows 56 px tall, each with a
// 40 x 40 px rounded colour swatch at x 12, a 16 px label "Row N · greeting" and a 1 px separator, on white, in a
// ListView (what a Qt Quick developer would pick for a long list) whose model is a number: delegates are made
// only for the rows near view and nothing is stored per row. The row count is the last argument
// (qml qt-list.qml -- ROWS; default 200). Prints "qt-list: first frame" to stderr after the first frame was swapped, and
// "qt-list: offset 0 Y" (the list's offset in px) when the window is closed.
// Run: QT_QPA_PLATFORM=wayland QT_QUICK_BACKEND=software /usr/lib/qt6/bin/qml qt-list.qml -- ROWS (software: drawn on
// the CPU like the toolkit and GTK's cairo renderer).
import QtQuick

Window {
    id: window
    width: 800
    height: 600
    visible: true
    color: "white"
    title: "qt-list"

    readonly property var palette: ["#FF6B6B", "#FFA94D", "#FFD43B", "#69DB7C", "#38D9A9",
                                    "#4DABF7", "#748FFC", "#9775FA", "#DA77F2", "#F783AC"]
    readonly property var greetings: ["Hello", "こんにちは世界", "مرحبا بالعالم", "Γειά σου κόσμε",
                                      "Cafe\u0301 AVATAR", "日本語のテキスト", "שלום עולם"]
    property bool reported: false

    ListView {
        id: list
        anchors.fill: parent
        // The last command-line argument (after "--") when it is a positive number, else 200.
        model: {
            const args = Qt.application.arguments
            const rows = args.length > 0 ? parseInt(args[args.length - 1]) : 0
            return rows > 0 ? rows : 200
        }
        // Qt's default cache (320 px beyond each edge) and its default flick behaviour: a developer's first list.
        delegate: Rectangle {
            required property int index
            width: ListView.view.width
            height: 56
            color: "white"
            Rectangle {
                x: 12
                anchors.verticalCenter: parent.verticalCenter
                width: 40
                height: 40
                radius: 6
                color: window.palette[index % 10]
            }
            Text {
                x: 60
                anchors.verticalCenter: parent.verticalCenter
                font.pixelSize: 16
                color: "#1c1c1e"
                text: "Row " + (index + 1) + " · " + window.greetings[index % 7]
            }
            Rectangle {
                anchors.bottom: parent.bottom
                width: parent.width
                height: 1
                color: "#d1d1d6"
            }
        }
    }

    onFrameSwapped: {
        if (!reported) {
            reported = true
            console.warn("qt-list: first frame")
        }
    }
    onClosing: console.warn("qt-list: offset 0 " + list.contentY)
}
