"""The Colonists: Ante Portas."""
