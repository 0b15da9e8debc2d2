"""Renderings: the table (heroes, damage, exhaustion, tokens), the Quest card and pool, the bag."""
