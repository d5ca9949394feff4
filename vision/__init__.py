"""Reading dice from images: pure functions from an image to a reading.

No game knowledge and no hardware here; see ``docs/architecture.md``.
"""
