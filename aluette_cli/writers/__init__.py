"""Writers turn the model (and the engine's outcome) back into text."""
