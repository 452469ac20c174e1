import TUIKit

/// A screen that shows stored data and reads it again when someone else (another terminal
/// on the same file or shared directory) changed it: the run loop waits on the backend's
/// change signal, asks it (`ChangesElsewhere.takeChangesElsewhere`) and tells the screens on view.
@MainActor
protocol ReloadsOnChangesElsewhere: AnyObject {
    /// Reads what the screen shows again, keeping the person's place (selection, search, scroll).
    func reloadForChangesElsewhere()
}
