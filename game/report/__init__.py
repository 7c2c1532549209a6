"""What a finished or running battle tells afterwards: the after-action report (fighting strength
decision by decision, the decisive moments, each figure's part, each side's luck) and the "Why?"
of a roll. Pure: reads records, matches and events; never draws, never rolls a die."""
