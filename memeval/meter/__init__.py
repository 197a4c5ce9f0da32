"""Metering from outside: read what each model call used and cost, from the wire.

Public surface:

- `parse_body`, `parse_stream`, `UsageMeter`, `ParsedUsage`, `Api`: pure usage readers for
  Anthropic Messages, OpenAI Chat Completions and OpenAI Responses.
"""

from memeval.meter._meter import UsageMeter, parse_body, parse_stream
from memeval.meter._usage import Api, ParsedUsage

__all__ = ["Api", "ParsedUsage", "UsageMeter", "parse_body", "parse_stream"]
