"""The simulated board: mock pins driven by lifts, places and shakes, and the pygame window.

Everything here drives the same firmware and hardware code that runs on a Raspberry Pi.
"""
