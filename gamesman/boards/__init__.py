"""Board helpers games build on: text of boards and cells, position codes."""
