"""Training the die detector and the face classifier (needs PyTorch; never at run time).

From the repository root, with the training venv (see ``README.md`` here):
``nice /work/venv-train/bin/python -m tools.vision.train all``.
"""
