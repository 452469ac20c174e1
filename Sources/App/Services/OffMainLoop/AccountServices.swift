import AppServices

/// One account's services on one directory, for a job that needs more than one of them
/// (the home's counts and its "Lately").
public struct AccountServices {
    /// The account's contacts, and its friends among them.
    let contacts: ContactsService & FriendsService
    /// The account's activity log.
    let activity: ActivityService
}
