"""``python -m gamesman`` runs the ``gamesman`` command."""
import sys

from gamesman.doors import main

sys.exit(main())
