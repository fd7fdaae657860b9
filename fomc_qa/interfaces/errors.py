"""The service's failures, each with the reason a client is shown (HTTP status, MCP tool error)."""

from __future__ import annotations


class ServiceError(Exception):
    """A failure a client can act on; `status` is its HTTP status, `str()` its message."""

    status = 500

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class InvalidInput(ServiceError):
    """A request the library refuses (empty or over-long question, k out of range, bad date): 422."""

    status = 422


class UnknownDocument(ServiceError):
    """A well-formed document id that names no indexed document: 404."""

    status = 404


class UnknownMeeting(ServiceError):
    """A date the index holds no meeting for (not a meeting day, or a meeting not built yet): 404."""

    status = 404


class UnknownConversation(ServiceError):
    """A conversation id the store does not hold (never started, or started elsewhere): 404. A client
    starts a conversation by asking without an id and reusing the one it is given."""

    status = 404


class IndexUnavailable(ServiceError):
    """No materialized index (or policy record) to answer from: 503, naming the build command."""

    status = 503


class ModelUnavailable(ServiceError):
    """The configured LM could not answer (unknown model, unreachable server): 503, naming the model."""

    status = 503
