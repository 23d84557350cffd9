"""The dashboard's charts for a chosen period: sales, sell-through, hammer against reserve, the pipeline,
receivables by age, top sellers and buyers (issue 15)."""
