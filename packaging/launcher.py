"""Entry script of the frozen app: the same ``desktop.app:main`` as the ``deepread`` console script.

PyInstaller runs its entry script as ``__main__``; importing ``desktop.app`` from here keeps that
module's own paths (the icon under ``resources/``) and its single identity in ``sys.modules``.
"""

from desktop.app import main

raise SystemExit(main())
