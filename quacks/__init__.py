"""Quacks: The Quacks of Quedlinburg on the desktop.

Importing the package checks for the optional compiled engine (``quacks/accel.py``): a build made from the
current sources is loaded in place of the plain modules; anything else leaves the plain modules in charge.
"""

from .accel import install as _install_accel

_install_accel()
