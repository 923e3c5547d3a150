"""The program's other screens: menu, new game, settings, rules, the rule card, about, helpers, results."""
