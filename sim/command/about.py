"""What the two commands whose own module reads their options are for: their line in ``aseb
--help`` and their own help's description, written once (``cli`` imports their modules only
when they run)."""

from __future__ import annotations

from engine.core.words import N_

SELFTEST = N_("check a newly built board: every switch, light, the speaker and the sticks "
              "(--board FILE, --simulated)")
CALIBRATE = N_("calibrate a Hall board's sensors by following its lights (--board FILE, "
               "--simulated)")
