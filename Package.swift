// swift-tools-version:6.0
import PackageDescription

// The app's targets do not import _StringProcessing (Regex and the string algorithms built on
// it, e.g. String.contains(String), firstRange(of:), split(separator: String)): with it, every
// Swift module pulls in libswift_StringProcessing and libswift_RegexParser, about 1 MB of the
// app's memory. Use the stdlib's own algorithms (TextSearch in AppServices).
//
// Release builds skip the run-time exclusivity checks (debug builds, and so the tests, keep them):
// a captured buffer appended to byte by byte pays swift_beginAccess/endAccess for every byte.
// They also skip the run-time checks that main-actor code runs on the main thread (SE-0423; debug
// builds keep them): a closure of a main-actor method handed to the standard library
// (withUnsafeBufferPointer, map) asks for the current executor each time it runs.
// BENCHMARKS.md has the measurements behind each of these choices.
//
// These are unsafeFlags, which SwiftPM refuses in a package's dependency: they are set on the app's
// own targets only. TUIKit and TUIKitTesting, the library others depend on, carry none;
// TUIKit uses only the standard library's own string algorithms, so the app links no
// _StringProcessing code through it (the release executable holds none of its symbols).
let appTarget: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"]),
    .unsafeFlags(["-enforce-exclusivity=unchecked", "-Xfrontend", "-disable-dynamic-actor-isolation"], .when(configuration: .release)),
    // Each function in a section of its own, so the linker's symbol ordering file
    // (Modules/Link/switchboard.order) can pack the functions a person's session runs onto few
    // pages; without it a module is one section, laid out whole, and its hot code is spread
    // over all of it (the order's functions sat over 6 MB).
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
    // A concrete generic type's metadata (Dictionary<String, String>, Result<UserSettings, …>) is
    // asked of its accessor with the conformances it needs, not decoded from its mangled name at
    // the first use: each decoding looked for a conformance through all ~2,200 of the executable's
    // records (~56k instructions each; ~0.6M instructions before the first screen, issue 52).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

// The screens' code is optimised for size in release builds: a key touches code all over the
// app, and every page of it the app maps counts in its memory. TUIKit, where a key's work is
// (layout, drawing, cells to ncurses), Storage, Interchange and AppServices (bulk loads, search
// folding) are optimised for speed.
let screenCode: [SwiftSetting] = appTarget + [.unsafeFlags(["-Osize"], .when(configuration: .release))]

let package = Package(
    name: "Switchboard",
    platforms: [.macOS(.v15)], // Mutex (Synchronization) needs macOS 15
    products: [
        .executable(name: "switchboard", targets: ["switchboard"]),
        .library(name: "TUIKit", targets: ["TUIKit"]),
        .library(name: "TUIKitTesting", targets: ["TUIKitTesting"]),
    ],
    targets: [
        // C system libraries (Modules/): module map + shim header each.
        // No pkgConfig: its `-L/usr/lib/x86_64-linux-gnu -lncursesw -ltinfo` came first on the
        // release link, before `-LModules/Link`, whose libncursesw.so and libtinfo.so (linker
        // scripts) take the archives; the module map links both, the shim sets pkg-config's defines.
        .systemLibrary(
            name: "CNcurses",
            path: "Modules/CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),

        .systemLibrary(
            name: "CSQLite",
            path: "Modules/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CCrypt",
            path: "Modules/CCrypt",
            providers: [.apt(["libcrypt-dev"])]
        ),
        // libpq's header only: the library is opened at run time (dlopen) for a postgresql:// location.
        .systemLibrary(
            name: "CPostgres",
            path: "Modules/CPostgres",
            providers: [.apt(["libpq-dev"])]
        ),
        // libcurl and libxml2, opened at run time (dlopen) by the CardDAV target: CCurl declares the
        // few curl.h items it uses (a machine with only libcurl4 builds it), CXML2 needs libxml2-dev.
        .systemLibrary(name: "CCurl", path: "Modules/CCurl"),
        .systemLibrary(
            name: "CXML2",
            path: "Modules/CXML2",
            providers: [.apt(["libxml2-dev"])]
        ),

        // The component renderer: terminals, cell buffer, views, layout, run loop.
        // No unsafeFlags: another package can depend on it by version.
        .target(name: "TUIKit", dependencies: ["CNcurses"]),

        // A virtual-screen pilot for tests (public API only).
        .target(name: "TUIKitTesting", dependencies: ["TUIKit"]),

        // vCard 2.1/3.0/4.0, CSV and abook files read and written as its own value types: no dependencies.
        .target(name: "Interchange", swiftSettings: appTarget),

        // App's ports: the service protocols its screens need (accounts, contacts, friends,
        // settings, activity), the value types they carry and App-level errors. No dependencies:
        // Storage's stores plug into these, and so do the kiosk's demo services.
        .target(name: "AppServices", swiftSettings: appTarget),

        // The CardDAV protocol client (RFC 6352, 6578, 4918): discovery, address book listing, PUT/DELETE
        // with etags, sync-collection and addressbook-multiget; HTTP and TLS through libcurl, XML
        // through libxml2, both opened only when a sync runs. libxml2's headers live in /usr/include/libxml2.
        .target(name: "CardDAV", dependencies: ["CCurl", "CXML2"],
                swiftSettings: appTarget + [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]),

        // Two-way CardDAV sync (issue 38): pulls what changed on the server into a store (AppServices'
        // SyncStore, which Storage's stores conform to), sends the queued local changes, merges
        // conflicts three ways. The card <-> contact mapping comes in from CardMapping
        // (SyncCardCoding); libcurl and libxml2 stay dlopen'd.
        .target(name: "Sync", dependencies: ["CardDAV", "AppServices"], swiftSettings: appTarget),

        // Contacts to and from the interchange formats' cards (import, export, sync): the
        // executable's jobs and the sync child use it, and so do the tests that check the mapping.
        .target(name: "CardMapping", dependencies: ["AppServices", "Interchange", "Sync"], swiftSettings: appTarget),

        // SQLite database, migrations, repositories; plugs into AppServices' protocols.
        // Release builds do not ask for libsqlite3.so (CSQLite's `link`): the executables link SQLite
        // themselves (switchboard from its archive, below).
        .target(name: "Storage", dependencies: ["AppServices", "CSQLite", "CCrypt", "CPostgres"],
                swiftSettings: appTarget + [.unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "sqlite3"], .when(configuration: .release))]),

        // The app's own UI components and their view-model protocols: UI only (seed 000).
        .target(name: "Components", dependencies: ["TUIKit"], swiftSettings: screenCode),

        // Demo view models, made-up data and the kiosk's tour: UI dependencies only, never Storage.
        .target(name: "Demo", dependencies: ["Components", "TUIKit"], swiftSettings: screenCode),

        // Flows, screens, navigation, real view models: the app itself.
        .target(name: "App", dependencies: ["TUIKit", "Components", "AppServices"], swiftSettings: screenCode),

        // The demo kiosk's wiring: the app on a DataDirectory of its own (KioskDirectory, made-up data in
        // memory from the Demo target), playing the Demo target's tour. It cannot open a database:
        // Storage is not among its dependencies.
        .target(name: "Kiosk", dependencies: ["App", "AppServices", "Demo", "TUIKit"], swiftSettings: screenCode),

        // The executable: command line -> one of the run modes.
        // Release builds link the Swift runtime into the executable (-static-stdlib): only the parts
        // the app uses are mapped, and start-up has no Swift libraries to load and relocate.
        // Position-independent (PIE) and hardened as Debian's builds are: full RELRO (relocations
        // applied at start-up, then their pages read-only) and a stack protector.
        // The C++ library the runtime needs is linked from its archive (Modules/Link's linker
        // script), so only the parts used are in the executable.
        // Linked by lld, the functions a session runs first (Modules/Link/switchboard.order, made by
        // .ci/hot-order) are laid out together, so a session touches few of the executable's pages;
        // the functions the compiler gives no symbol, which that file cannot name, are put together
        // too (Modules/Link/switchboard.ld).
        // It exports none of its own symbols (Modules/Link/switchboard.exports): -static-stdlib passes
        // -export-dynamic, which put the app modules' 8,268 public symbols in its dynamic symbol table
        // (.dynsym, .dynstr, .gnu.hash: 690 kB the loader reads through at every start).
        .executableTarget(name: "switchboard", dependencies: ["TUIKit", "App", "AppServices", "Demo", "Kiosk", "Storage", "Interchange", "CardDAV", "Sync", "CardMapping", "CSQLite"],
                         swiftSettings: screenCode + [.unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "sqlite3"], .when(configuration: .release))],
                         linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-LModules/Link", "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=Modules/Link/switchboard.order", "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--version-script=Modules/Link/switchboard.exports", "-Xlinker", "-l:libsqlite3.a", "-Xlinker", "-T", "-Xlinker", "Modules/Link/switchboard.ld"], .when(configuration: .release))]),

        // A small app made with TUIKit's public API only: a list, a popup, a form (`swift run tuikit-example`).
        .executableTarget(name: "tuikit-example", dependencies: ["TUIKit"], path: "Sources/TUIKitExample"),

        // Release-build benchmarks (see BENCHMARKS.md).
        .executableTarget(name: "switchboard-bench", dependencies: ["TUIKit", "TUIKitTesting", "AppServices", "Storage", "App", "Components", "Demo", "Kiosk"], path: "Sources/Benchmarks",
                          linkerSettings: [.linkedLibrary("sqlite3", .when(configuration: .release))]),

        // What the test targets share: one temp-folder helper.
        .target(name: "TestSupport", path: "Tests/Support"),
        // The App tests' shared doubles on AppServices' protocols: decorators that pass calls on
        // (`ForwardingContactsService`) and the directory that notes each call's thread. Not in
        // production code: only the test targets depend on it.
        .target(name: "AppTestSupport", dependencies: ["AppServices"], path: "Tests/AppTestSupport"),
        .testTarget(name: "TUIKitTests", dependencies: ["TUIKit", "TUIKitTesting"]),
        .testTarget(name: "TUIKitExampleTests", dependencies: ["tuikit-example", "TUIKit", "TUIKitTesting"]),
        .testTarget(name: "StorageTests", dependencies: ["TestSupport", "Storage", "AppServices", "App", "TUIKitTesting"]), // TUIKitTesting: WriteProtection
        .testTarget(name: "CardDAVTests", dependencies: ["TestSupport", "CardDAV"],
                    swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]),
        .testTarget(name: "SyncTests", dependencies: ["TestSupport", "Sync", "CardDAV", "Storage", "AppServices", "Interchange", "CardMapping", "switchboard", "App", "TUIKit"]),
        .testTarget(name: "InterchangeTests", dependencies: ["TestSupport", "Interchange"], exclude: ["Corpus"]), // Corpus: read by path (SOURCES.md)
        .testTarget(name: "ComponentsTests", dependencies: ["Components", "Demo", "TUIKit", "TUIKitTesting"]),
        .testTarget(name: "AppTests", dependencies: ["TestSupport", "AppTestSupport", "App", "AppServices", "Components", "Demo", "TUIKit", "TUIKitTesting", "Storage"]),
        .testTarget(name: "KioskTests", dependencies: ["TestSupport", "Kiosk", "App", "AppServices", "Demo", "Storage", "TUIKit", "TUIKitTesting"]), // Storage: to compare the demo book with the SQLite store
        .testTarget(name: "SwitchboardTests", dependencies: ["TestSupport", "switchboard", "TUIKit", "TUIKitTesting", "AppServices", "Storage", "Interchange", "CardMapping"]),
    ],
    swiftLanguageModes: [.v6]
)
