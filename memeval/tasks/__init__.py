"""Harbor-layout tasks: load, validate, pin by content hash, and read their Dockerfiles."""

from memeval.tasks._dockerfile import DockerStep, ExpansionError, env_pairs, expand, expand_words, parse_dockerfile
from memeval.tasks._load import (
    AGENT_UNPINNED,
    TASK_ID_PATTERN,
    changed_since_loaded,
    hash_tree,
    load_task,
    load_task_set,
    load_task_set_listing_invalid,
    not_a_task_folder,
)
from memeval.tasks._model import Task, TaskConfig, TaskSet

__all__ = [
    "AGENT_UNPINNED",
    "DockerStep",
    "ExpansionError",
    "TASK_ID_PATTERN",
    "Task",
    "TaskConfig",
    "TaskSet",
    "changed_since_loaded",
    "env_pairs",
    "expand",
    "expand_words",
    "hash_tree",
    "load_task",
    "load_task_set",
    "load_task_set_listing_invalid",
    "not_a_task_folder",
    "parse_dockerfile",
]
