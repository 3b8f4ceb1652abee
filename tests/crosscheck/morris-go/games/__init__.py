"""Independent rule implementations used to cross-check `rulebook`."""
