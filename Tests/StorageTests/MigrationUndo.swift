/// SQL that takes a file back from migration 9, for tests that make an older file by hand.
enum MigrationUndo {
    static let cardFields = """
        DROP INDEX contacts_by_uid;
        ALTER TABLE contacts DROP COLUMN uid; ALTER TABLE contacts DROP COLUMN nickname; ALTER TABLE contacts DROP COLUMN title;
        ALTER TABLE contacts DROP COLUMN birthday; ALTER TABLE contacts DROP COLUMN url; ALTER TABLE contacts DROP COLUMN addresses;
        ALTER TABLE contacts DROP COLUMN extras;
        """
}
