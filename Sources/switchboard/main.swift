print("sb")
