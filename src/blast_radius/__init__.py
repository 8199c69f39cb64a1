"""Blast Radius: how far a pull request reaches, from a tree-sitter code graph."""

__version__ = "0.1.0"
