"""The sound: the speaker (pygame-ce's mixer), the voice (espeak-ng), and the sounds shipped with
aseb (``shipped``), with the code that makes them (``synth``). Imports only ``hardware.core``."""
