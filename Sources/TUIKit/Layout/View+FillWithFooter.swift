extension View {
    /// Fills this view with `content` (a list or table, a column in from each
    /// side, a row down from the top) and puts a one-line `footer` under it,
    /// two columns in: the shape of list screens with a message line.
    public func fill(with content: View, footer: View) {
        for v in [content, footer] {
            addSubview(v)
            v.translatesAutoresizingMaskIntoConstraints = false
        }
        LayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 1),
            content.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -1),
            content.topAnchor.constraint(equalTo: topAnchor, constant: 1),
            content.bottomAnchor.constraint(equalTo: footer.topAnchor),
            footer.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 2),
            footer.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -2),
            footer.bottomAnchor.constraint(equalTo: bottomAnchor),
            footer.heightAnchor.constraint(equalToConstant: 1),
        ])
    }
}
