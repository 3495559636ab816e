-- Issue 37: food allergies and intolerances are the kitchen's to know (docs/decisions/034). A traveller states them
-- in their own field, said on the form to go to the kitchen, and the kitchen sheet prints them; the health
-- information's allergies (medicines, insects, …) stay behind the health sheet's request.
ALTER TABLE `booking_travellers` ADD `food_allergies` text;
