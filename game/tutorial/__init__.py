"""Lessons: scripted deals (fixed walls and moves) with coach text."""
