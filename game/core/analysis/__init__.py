"""Hand analysis: one module for every question about a hand."""
