import Toolkit
#if canImport(Glibc)
import Glibc
#endif

/// `--headless`: plays each demo's scripted gestures in a HeadlessWindow and writes `DIR/ID.png`.
@MainActor
enum HeadlessGallery {
    static let windowSize = Size(width: 800, height: 600)

    static func run(options: GalleryOptions) -> Int32 {
        let dir = options.outputDirectory
        if mkdir(dir, 0o755) != 0 && errno != EEXIST {
            printError("gallery: cannot create \(dir): \(String(cString: strerror(errno)))")
            return 1
        }
        let demos = options.demoGiven ? Demo.all.filter { $0.id == options.demo } : Demo.all
        for demo in demos {
            let window = HeadlessWindow(size: windowSize)
            let gallery = GalleryView(frame: Rect(origin: .zero, size: windowSize), selected: demo.id)
            window.rootView.addSubview(gallery)
            window.advance(by: .milliseconds(16))
            demo.script(window, gallery.contentFrame)
            let image = window.render()
            let path = "\(dir)/\(demo.id).png"
            do {
                try PNGEncoder.write(image, to: path)
            } catch {
                printError("gallery: cannot write \(path): \(error)")
                return 1
            }
            print("wrote \(path)")
        }
        return 0
    }
}
