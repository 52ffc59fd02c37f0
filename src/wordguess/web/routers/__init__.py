"""One APIRouter per area of the API."""
