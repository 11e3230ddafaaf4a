"""PostgreSQL functions as earlier migrations installed them, since replaced or dropped.

They are kept because a migration already run never changes; store/postgres/_functions.py has
each function as the database has it now. Each constant is named for its function and the
migration that installed it, and lives in the module named for that migration.
"""

from stalwart_agents.store.postgres._history._v0 import APPLY_0, CLAIM_0, CREATE_0, EVENTS_0
from stalwart_agents.store.postgres._history._v2 import APPLY_2, CLAIM_2
from stalwart_agents.store.postgres._history._v4 import CLAIM_4
from stalwart_agents.store.postgres._history._v5 import APPLY_5
from stalwart_agents.store.postgres._history._v6 import ACQUIRE_TO_STOP_6
from stalwart_agents.store.postgres._history._v10 import APPLY_10, CLAIM_10

__all__ = [
    "ACQUIRE_TO_STOP_6",
    "APPLY_0",
    "APPLY_2",
    "APPLY_5",
    "APPLY_10",
    "CLAIM_0",
    "CLAIM_2",
    "CLAIM_4",
    "CLAIM_10",
    "CREATE_0",
    "EVENTS_0",
]
