"""Thin adapters for the camera and the buttons, each with a twin that runs anywhere."""
