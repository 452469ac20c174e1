import TUIKit

extension View {
    /// The app's list-screen shape (the toolkit has no opinion on it):
    /// fills this view with `content` (a list or table, a column in from each
    /// side, a row down from the top) and puts a one-line `footer` under it,
    /// two columns in: the shape of list screens with a message line. With
    /// `maxWidth` the content is a centred column no wider than that (a label
    /// and its value stay within reach of each other on a wide screen).
    public func fill(with content: View, footer: View, maxWidth: Int? = nil) {
        for v in [content, footer] {
            addSubview(v)
            v.translatesAutoresizingMaskIntoConstraints = false
        }
        let sides: [LayoutConstraint] = maxWidth.map { max in
            [content.centerXAnchor.constraint(equalTo: centerXAnchor),
             content.widthAnchor.constraint(equalToConstant: max),
             content.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -2)]
        } ?? [content.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 1),
              content.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -1)]
        LayoutConstraint.activate(sides + [
            content.topAnchor.constraint(equalTo: topAnchor, constant: 1),
            content.bottomAnchor.constraint(equalTo: footer.topAnchor),
            footer.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 2),
            footer.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -2),
            footer.bottomAnchor.constraint(equalTo: bottomAnchor),
            footer.heightAnchor.constraint(equalToConstant: 1),
        ])
    }
}
