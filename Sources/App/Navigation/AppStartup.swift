import AppServices

/// The splash's work: open (or create) and migrate the data, read the saved session and the
/// signed-in person's settings; and how long the splash shows at least.
@MainActor
struct AppStartup {
    let session: AppSession
    let settings: SignedInSettings
    /// `--splash-ms`, nil: the signed-in person's setting.
    let configuredSplash: Duration?

    /// The splash's least time: `--splash-ms`, else the signed-in user's setting.
    var splashDuration: Duration {
        configuredSplash ?? .milliseconds(settings.value.splashMilliseconds)
    }

    /// Opens the data and reads the session and settings; `deliver` gets where to go on the main
    /// loop (on a server, after the work ran off the main loop: the splash keeps turning meanwhile).
    func start(then deliver: @escaping @MainActor (Result<SplashViewController.Destination, AppStartupError>) -> Void) {
        let (session, settings) = (session, settings)
        session.backend.start { [weak session, weak settings] result in
            guard let session, let settings else { return }
            switch result {
            case .success(let account):
                session.opened(signedIn: account)
                settings.load(for: session) { [weak session] in deliver(.success(session?.account == nil ? .login : .main)) }
            case .failure(let error):
                deliver(.failure(.service(error)))
            }
        }
    }
}
