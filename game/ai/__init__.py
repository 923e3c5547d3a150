"""AI players: each sees only its seat's view and the legal actions, and returns an action with a reason."""
