import Toolkit

#if canImport(Glibc)
    import Glibc
#endif

// The gallery: one demo per capability, in a Wayland window or headless (see GalleryOptions.usage).

let options: GalleryOptions
do {
    options = try GalleryOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("gallery: \(error)")
    exit(2)
}

if options.help {
    print(GalleryOptions.usage)
    exit(0)
}
if options.list {
    for demo in MainActor.assumeIsolated({ Demo.all }) { print(demo.id) }
    exit(0)
}
guard MainActor.assumeIsolated({ Demo.named(options.demo) }) != nil else {
    printError("gallery: no demo '\(options.demo)' (gallery --list shows the ids)")
    exit(2)
}

let status: Int32 = MainActor.assumeIsolated {
    if options.headless {
        return HeadlessGallery.run(options: options)
    }
    return WindowedGallery.run(options: options)
}
exit(status)
