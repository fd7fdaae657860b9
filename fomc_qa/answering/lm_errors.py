"""An LM that cannot be used (unknown model string, unreachable server, refused key) as one typed
error naming the model and where the README says how to configure one, instead of LiteLLM's
tracebacks. The CLI maps it to exit 2."""

from __future__ import annotations

README_LM_SECTION = "README.md, section 'Switching the LM'"
# Where the errors of a hosted LM call come from, as DSPy passes them on.
LM_ERROR_MODULES = ("litellm", "openai", "httpx", "httpcore", "anthropic")


class LMUnavailable(RuntimeError):
    """The configured LM could not answer; the message names the model and the fix."""

    def __init__(self, model: str, cause: BaseException) -> None:
        reason = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
        super().__init__(f"the LM {model!r} cannot be used ({type(cause).__name__}: {reason[:300]}); "
                         f"check the model string, its API key or server (see {README_LM_SECTION})")
        self.model = model


def is_lm_failure(exc: BaseException) -> bool:
    """Whether `exc`, or anything in its chain, was raised by the LM client libraries."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if any(cls.__module__.split(".")[0] in LM_ERROR_MODULES for cls in type(current).__mro__):
            return True
        current = current.__cause__ or current.__context__
    return False
