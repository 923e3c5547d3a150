"""The table scene's parts: events → animations, the AI runner, the controls, the overlays, the panels and
the claim bar. The scene (``game.ui.table.scene``) composes them and routes input."""
