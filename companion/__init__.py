"""Ship Captain Crew table companion: rules engine, odds, display, journal and app.

Dependencies point inward: the engine (``companion.engine``), the notation and the
odds import neither pygame, OpenCV nor gpiozero; the app (``companion.app``) wires
vision, hardware, engine and display together.
"""
