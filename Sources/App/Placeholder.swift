enum AppPlaceholder {}
