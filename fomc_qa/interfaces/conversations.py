"""Conversations in SQLite under the data dir: the last 10 messages (5 question–answer pairs) each.

Every turn is written in one transaction (question and answer together, then the trim), so a crash
or a concurrent writer never leaves half a turn; WAL mode and a busy timeout let several server
threads write at once, each through its own connection.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

KEEP_MESSAGES = 10
CONVERSATION_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
_ID = re.compile(CONVERSATION_ID_PATTERN)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    conversation_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    content TEXT NOT NULL,
    resolved TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (conversation_id, seq)
)
"""


class Message(BaseModel):
    """One message; a user message keeps the standalone question it was answered as (`resolved`)."""

    model_config = ConfigDict(frozen=True)

    role: Literal["user", "assistant"]
    content: str
    resolved: str | None = None
    created_at: dt.datetime


def new_conversation_id() -> str:
    return uuid.uuid4().hex


def valid_conversation_id(value: str) -> bool:
    return bool(_ID.fullmatch(value))


class ConversationStore:
    """The conversations of one data dir; safe to share between threads (a connection per call)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as conn:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(_SCHEMA)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            conn.execute("PRAGMA busy_timeout=30000")
            yield conn
        finally:
            conn.close()

    def messages(self, conversation_id: str) -> list[Message]:
        """The kept messages, oldest first."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT role, content, resolved, created_at FROM messages WHERE conversation_id = ? ORDER BY seq",
                (conversation_id,),
            ).fetchall()
        return [Message(role=r, content=c, resolved=q, created_at=t) for r, c, q, t in rows]

    def last_question(self, conversation_id: str) -> str | None:
        """The standalone form of the conversation's latest question, which a follow-up builds on."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT resolved FROM messages WHERE conversation_id = ? AND role = 'user' ORDER BY seq DESC LIMIT 1",
                (conversation_id,),
            ).fetchone()
        return row[0] if row else None

    def last_answer(self, conversation_id: str) -> str | None:
        """The conversation's latest answer, where a follow-up's "she" or "that" may find its referent."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT content FROM messages WHERE conversation_id = ? AND role = 'assistant' "
                "ORDER BY seq DESC LIMIT 1", (conversation_id,),
            ).fetchone()
        return row[0] if row else None

    def add_turn(self, conversation_id: str, question: str, resolved: str, answer: str) -> None:
        """Append a question and its answer, and drop all but the last KEEP_MESSAGES, atomically."""
        now = dt.datetime.now(dt.UTC).isoformat()
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                (top,) = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM messages WHERE conversation_id = ?",
                                      (conversation_id,)).fetchone()
                conn.executemany(
                    "INSERT INTO messages VALUES (?, ?, ?, ?, ?, ?)",
                    [(conversation_id, top + 1, "user", question, resolved, now),
                     (conversation_id, top + 2, "assistant", answer, None, now)],
                )
                conn.execute("DELETE FROM messages WHERE conversation_id = ? AND seq <= ?",
                             (conversation_id, top + 2 - KEEP_MESSAGES))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
