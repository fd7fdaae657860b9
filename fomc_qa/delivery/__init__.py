"""Delivery of release briefs to webhooks: payload formats, the configured webhooks, a disk outbox."""
