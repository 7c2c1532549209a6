"""Pure rules: dice, decisions, events and the five source systems. No pygame, pymunk or pytmx here."""
