from enum import StrEnum

class GetDocsAssetAsset(StrEnum):
    REFERENCE_JS = "reference.js"
    SWAGGER_UI_BUNDLE_JS = "swagger-ui-bundle.js"
    SWAGGER_UI_CSS = "swagger-ui.css"

    def __str__(self) -> str:
        return str(self.value)
