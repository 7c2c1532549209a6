"""Boarders Away! - tabletop skirmish rules played on screen."""

__version__ = "0.9.0"
