"""The HTTP API fuzzed from its own OpenAPI schema (schemathesis): no response is a 500, and every
response conforms to the schema (status code, content type, body). Examples are bounded so the
suite stays quick: the answer endpoints run the whole program per example."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from fomc_qa.interfaces.http_app import create_app


@schemathesis.check
def no_stack_trace(ctx, response, case) -> bool | None:
    """No response body carries a Python traceback or a source path."""
    if "Traceback (most recent call last)" in response.text or 'File "/' in response.text:
        raise AssertionError("a stack trace in the response")
    return None


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          no_stack_trace]
EXAMPLES_PER_READ, EXAMPLES_PER_ANSWER = 25, 6


def fuzz(app) -> list[str]:
    """Runs every operation of the app's schema; returns the operations it ran."""
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    ran = []
    for result in schema.get_all_operations():
        operation = result.ok()
        examples = EXAMPLES_PER_ANSWER if operation.path.startswith("/v1/answer") else EXAMPLES_PER_READ

        @given(case=operation.as_strategy())
        @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                  phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
        def check(case) -> None:
            case.call_and_validate(checks=CHECKS)

        check()
        ran.append(operation.label)
    return ran


def test_api_fuzzed_from_its_schema_has_no_500_and_no_schema_violation(fomc_service):
    ran = fuzz(create_app(fomc_service))
    assert {"POST /v1/answer", "POST /v1/answer/stream", "GET /v1/search", "GET /v1/documents/{document_id}",
            "GET /v1/timeline", "GET /healthz", "GET /v1/conversations/{conversation_id}"} <= set(ran)
