"""The screens of the program: main menu, settings, rules, about, new game, dialogs."""
