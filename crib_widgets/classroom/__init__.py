"""Headless flows for teachers: the class desk of the page *Your class, in the browser*."""

from .desk import Choices, ClassDesk

__all__ = ["ClassDesk", "Choices"]
