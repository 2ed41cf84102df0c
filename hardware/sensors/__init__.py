"""What feels the pieces: reed switches (direct GPIO, MCP23017 expanders), a Hall board's sensors,
their counting and calibration, and the reach a slid piece shows. Imports the rooms below it."""
