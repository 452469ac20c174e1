// The model capabilities of seed 003 and their cell counterparts. A model
// (usually an enum case) says what it has; a cell says what it can show; the
// data source applies every capability the two share. The terminal's
// `Imaged` is `Iconed` (a glyph) and its `Fonted` is `Styled`.

/// A model with a title.
public protocol Titled { var title: String? { get } }
/// A cell that can show a `Titled` model's title.
@MainActor public protocol TitledConfigurable { func configure(by model: Titled) }

/// A model with a line under the title (it wraps: the row grows).
public protocol Subtitled { var subtitle: String? { get } }
/// A cell that can show a `Subtitled` model's subtitle.
@MainActor public protocol SubtitledConfigurable { func configure(by model: Subtitled) }

/// A model with a glyph before its title.
public protocol Iconed { var icon: String? { get } }
/// A cell that can show an `Iconed` model's icon.
@MainActor public protocol IconedConfigurable { func configure(by model: Iconed) }

/// A model with its own text style (bold, dim, italic, colour).
public protocol Styled { var textStyle: Style? { get } }
/// A cell that can draw its title in a `Styled` model's style.
@MainActor public protocol StyledConfigurable { func configure(by model: Styled) }

/// A model with a value shown at the right.
public protocol Valued { var value: String? { get } }
/// A cell that can show a `Valued` model's value.
@MainActor public protocol ValuedConfigurable { func configure(by model: Valued) }

/// A model with an on/off switch (nil: the model has none).
public protocol Toggled { var isOn: Bool? { get } }
/// A cell that can show a `Toggled` model's switch.
@MainActor public protocol ToggledConfigurable { func configure(by model: Toggled) }
